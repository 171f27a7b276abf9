import { ActionIcon, Anchor, Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { IconPlus } from '../icons';

// The pieces list rows and list screens draw the same way: a row's name linking to its screen, a row's icon
// actions (a hint for the eye, drawn by the one HintLayer of the signed-in layout; the row's name for screen readers), and the "create" button of a screen's
// header, repeated smaller in its empty state.

/** A row's name, linking to its screen. */
export function RowLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} fw={600} size="sm">
      {children}
    </Anchor>
  );
}

/** The icon actions of a row, at its right end. */
export function RowActions({ children }: { children: ReactNode }) {
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {children}
    </Group>
  );
}

/**
 * One icon action: `to` opens a screen, `href` a page in a new tab, `onClick` acts here. `label` is the hint,
 * `name` what a screen reader hears (the action with the row it acts on: "Edit Summer sale").
 */
export function RowAction({
  label,
  name,
  icon,
  to,
  href,
  onClick,
  color = 'gray',
}: {
  label: string;
  name: string;
  icon: ReactNode;
  to?: string;
  href?: string;
  onClick?: () => void;
  color?: string;
}) {
  const common = { variant: 'subtle', color, 'aria-label': name, 'data-hint': label } as const;
  return to !== undefined ? (
    <ActionIcon component={Link} to={to} {...common}>
      {icon}
    </ActionIcon>
  ) : href !== undefined ? (
    <ActionIcon component="a" href={href} target="_blank" rel="noopener noreferrer" {...common}>
      {icon}
    </ActionIcon>
  ) : (
    <ActionIcon onClick={onClick} {...common}>
      {icon}
    </ActionIcon>
  );
}

/** A screen's "create" button: full size in its header, small and light in its empty state. */
export function AddButton({ label, to, onClick, small = false }: { label: string; to?: string; onClick?: () => void; small?: boolean }) {
  const look = {
    size: small ? 'xs' : 'sm',
    variant: small ? 'light' : 'filled',
    leftSection: <IconPlus size={small ? 14 : 16} />,
  } as const;
  return to !== undefined ? (
    <Button component={Link} to={to} {...look}>
      {label}
    </Button>
  ) : (
    <Button onClick={onClick} {...look}>
      {label}
    </Button>
  );
}
