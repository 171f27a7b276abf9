import { Badge, Button, Group, Menu, Paper, Text, Title, Tooltip } from '@mantine/core';
import type { LiveStateView, SaveAction } from '@swipe/core';
import { Link } from 'react-router';
import { IconChart, IconEye, IconShare, IconTrash, IconUsers } from '../../components/icons';
import { StatusBadge } from '../../components/status-badge';
import { useT } from '../../lib/i18n';
import { useBase } from '../../lib/session';

/** The editor's sticky header: the site's name and state, preview, share, the save actions and the menu. */
export function EditorToolbar({
  siteId,
  title,
  status,
  dirty,
  live,
  liveUrl,
  previewing,
  onPreview,
  readOnly,
  saving,
  onSave,
  onShare,
  onDelete,
}: {
  siteId: number;
  title: string;
  status: string;
  dirty: boolean;
  /** the saved working copy against the live copy */
  live: LiveStateView | undefined;
  /** the site's public address */
  liveUrl: string;
  /** a preview ticket is being asked for */
  previewing: boolean;
  /** opens the operator's own preview (no passcode) */
  onPreview: () => void;
  readOnly: boolean;
  /** the action being saved, if any */
  saving: SaveAction | undefined;
  onSave: (action: SaveAction) => void;
  onShare: () => void;
  onDelete: () => void;
}) {
  const t = useT();
  const base = useBase();
  const published = Boolean(live?.published);
  const saveButton = (action: SaveAction) => ({
    onClick: () => onSave(action),
    loading: saving === action,
    disabled: readOnly || (!!saving && saving !== action),
  });
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      pos={{ base: 'static', md: 'sticky' }}
      top={56}
      style={{ zIndex: 50 }}
      shadow={dirty ? 'xs' : undefined}
      component="header"
      aria-label={t('admin.editor_toolbar')}
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="wrap" style={{ minWidth: 0 }}>
          <Button component={Link} to={`${base}/site-list`} variant="subtle" size="compact-sm" px={6}>
            ← {t('admin.site_list_title')}
          </Button>
          <Title order={1} size="h4" style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} maw={320}>
            {title}
          </Title>
          <StatusBadge status={status} />
          {dirty ? (
            <Badge color="orange" variant="dot" style={{ textTransform: 'none' }} data-testid="dirty">
              {t('admin.unsaved_changes')}
            </Badge>
          ) : (
            <Badge color="gray" variant="dot" style={{ textTransform: 'none' }} data-testid="saved">
              {t('admin.all_saved')}
            </Badge>
          )}
          {/* the working copy against the live one, always in view. White on #b8460b is 5.4:1 (orange.9 was 4.3:1,
              under AA for the badge's small text) */}
          {live?.unpublishedChanges ? (
            <Tooltip label={t('admin.pub_unpublished_help')} withArrow multiline w={280}>
              <Badge color="#b8460b" variant="filled" style={{ textTransform: 'none' }} data-testid="live-state" tabIndex={0}>
                {t('admin.pub_unpublished')}
              </Badge>
            </Tooltip>
          ) : published ? (
            <Badge color="teal.9" variant="filled" style={{ textTransform: 'none' }} data-testid="live-state">
              {t('admin.pub_live_same')}
            </Badge>
          ) : live ? (
            <Tooltip label={t('admin.pub_not_published_help')} withArrow multiline w={280}>
              <Badge color="gray.8" variant="outline" style={{ textTransform: 'none' }} data-testid="live-state" tabIndex={0}>
                {t('admin.pub_not_published')}
              </Badge>
            </Tooltip>
          ) : null}
          {published && (
            <Button
              component="a"
              href={liveUrl}
              target="_blank"
              rel="noopener noreferrer"
              variant="subtle"
              size="compact-sm"
              data-testid="live-link"
            >
              {t('admin.pub_live_link')} ↗
            </Button>
          )}
        </Group>
        <Group gap={6} wrap="wrap">
          <Tooltip label={dirty ? t('admin.preview_needs_save') : t('admin.preview_help')} withArrow>
            <Button
              variant="default"
              leftSection={<IconEye size={16} />}
              data-disabled={dirty || undefined}
              loading={previewing}
              onClick={(e) => {
                if (dirty) e.preventDefault();
                else onPreview();
              }}
              aria-disabled={dirty}
            >
              {t('admin.action_preview')}
            </Button>
          </Tooltip>
          <Button variant="default" leftSection={<IconShare size={16} />} onClick={onShare} disabled={readOnly}>
            {t('admin.share')}
          </Button>
          {/* two plainly different actions: Save keeps the working copy (never live), Publish puts it live */}
          <Tooltip label={t('admin.pub_save_help')} withArrow multiline w={260}>
            <Button variant="default" {...saveButton('save')}>
              {t('admin.save')}
            </Button>
          </Tooltip>
          <Tooltip label={t('admin.pub_publish_help')} withArrow>
            <Button {...saveButton('publish')}>
              {t(published && (dirty || live?.unpublishedChanges) ? 'admin.pub_publish_changes' : 'admin.publish')}
            </Button>
          </Tooltip>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button variant="default" px={10} aria-label={t('admin.more_actions')}>
                ⋯
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => onSave('private')} disabled={readOnly || !!saving}>
                {t('admin.save_private')}
              </Menu.Item>
              <Menu.Item component={Link} to={`${base}/site/${siteId}/revisions`} data-testid="open-revisions">
                {t('admin.rev_menu')}
              </Menu.Item>
              <Menu.Item component={Link} to={`${base}/site/list/${siteId}`} leftSection={<IconChart size={16} />}>
                {t('admin.action_analyze')}
              </Menu.Item>
              <Menu.Item component={Link} to={`${base}/site/${siteId}/experiments`}>
                {t('admin.xp_open')}
              </Menu.Item>
              <Menu.Item component={Link} to={`${base}/site/${siteId}/visitors`} leftSection={<IconUsers size={16} />}>
                {t('admin.action_visitors')}
              </Menu.Item>
              <Menu.Item component={Link} to={`${base}/notification-delivery/${siteId}`}>
                {t('admin.nav_notification_delivery')}
              </Menu.Item>
              <Menu.Item component={Link} to={`${base}/site/${siteId}/survey-responses`}>
                {t('admin.survey_menu_responses')}
              </Menu.Item>
              <Menu.Item component={Link} to={`${base}/surveys`}>
                {t('admin.survey_menu_surveys')}
              </Menu.Item>
              <Menu.Divider />
              <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={onDelete} disabled={readOnly}>
                {t('admin.delete_site')}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>
      {saving && (
        <Text size="xs" c="dimmed" mt={4} role="status">
          {t('admin.saving')}
        </Text>
      )}
    </Paper>
  );
}
