import { PROFILE_IMAGE_MIME } from '@swipe/core';
import type { Sniffed } from '@swipe/core/upload.ts';
import type { Queryable } from '../../db/db.js';
import { fieldError } from '../../errors.js';
import { type Actor, assertMenu } from '../accounts/actor.js';
import { setProfileImage } from '../accounts/service.js';

// Profile images take the one signed-upload flow of uploads.ts with purpose PROFILE: JPG,
// JPEG, JFIF or PNG up to 2 MB, decided by content on completion like every upload; the uploader's own
// (any authority may change its own picture), stored on its account once the bytes passed.

const TYPES: ReadonlySet<string> = new Set(PROFILE_IMAGE_MIME);

/** Before anything is signed: one image of an accepted declared type, for no site. */
export function checkProfileRequest(actor: Actor, input: { siteId?: number | null; files: { contentType: string; kind: string }[] }): void {
  assertMenu(actor, 'profile_image');
  if (input.siteId) throw fieldError('siteId', 'validation.invalid_type');
  if (input.files.length !== 1) throw fieldError('files', 'validation.max_items', { max: 1 });
  const f = input.files[0] as { contentType: string; kind: string };
  if (f.kind !== 'image' || !TYPES.has(f.contentType.toLowerCase())) throw fieldError('files.0', 'validation.upload_format_profile');
}

/** The content check's answer, narrowed: JPEG (JFIF included) or PNG only. */
export function profileContentAccepted(type: Sniffed): boolean {
  return type.ext === 'jpg' || type.ext === 'png';
}

/** In the completing transaction: the checked image becomes the account's profile image. */
export function storeProfileImage(q: Queryable, accountId: number, url: string): Promise<void> {
  return setProfileImage(q, accountId, url);
}
