/** The navigation sidebar: brand, links and the collapsible groups (only one open at a time), from pages.ts. */
import { type ReactNode, useMemo } from 'react';
import { Link, useLocation } from 'wouter';
import type { Role } from '#contracts/team.ts';
import type { NavGroup } from '#machines/shell.machine.ts';
import { ChevronIcon } from '#src/ui/icons.tsx';
import { type PageRow, pagesFor, type SidebarItem, sidebarItems } from './pages.ts';

export const DEFAULT_BUSINESS_NAME = 'Your Business';

interface SidebarProps {
  /** The member's role: only the pages it may use are listed (pages.ts). */
  memberRole: Role;
  businessName: string | null | undefined;
  openGroup: NavGroup | null;
  collapsed: boolean;
  onToggleGroup: (group: NavGroup) => void;
  /** Props for a group's toggle button (`enabledFor` of the shell machine's group.toggle). */
  groupControl: (group: NavGroup) => { 'data-event': string; disabled: boolean };
  /** The phone drawer's close button (hidden on wide screens). */
  closeDrawer?: ReactNode;
}

export function Sidebar({
  memberRole,
  businessName,
  openGroup,
  collapsed,
  onToggleGroup,
  groupControl,
  closeDrawer,
}: SidebarProps) {
  const name = businessName?.trim() || DEFAULT_BUSINESS_NAME;
  const items = useMemo(() => sidebarItems(pagesFor(memberRole)), [memberRole]);
  return (
    <>
      <div className="sidebar-brand">
        <span className="brand-mark" aria-hidden="true">
          {name.charAt(0).toUpperCase()}
        </span>
        <span className="brand-name" title={name}>
          {name}
        </span>
        {closeDrawer}
      </div>
      <nav className="sidebar-nav" aria-label="Main">
        <ul className="nav-list">
          {items.map((item) =>
            item.kind === 'link' ? (
              <NavItem key={item.href} href={item.href} label={item.label} row={item.row} icon={<item.icon />} />
            ) : (
              <Group
                key={item.group}
                group={item}
                open={openGroup === item.group}
                collapsed={collapsed}
                onToggle={onToggleGroup}
                control={groupControl(item.group)}
              />
            ),
          )}
        </ul>
      </nav>
    </>
  );
}

function NavItem({ href, label, icon, row }: { href: string; label: string; icon?: ReactNode; row: PageRow }) {
  const [location] = useLocation();
  const active = location === href;
  // Start fetching the page's chunk as soon as the pointer or focus is on its link.
  const preload = () => void row.page.load().catch(() => undefined);
  return (
    <li>
      <Link
        href={href}
        className={`nav-link${active ? ' is-active' : ''}${icon ? '' : ' nav-sublink'}`}
        aria-current={active ? 'page' : undefined}
        title={label}
        onMouseEnter={preload}
        onFocus={preload}
      >
        {icon}
        <span className="nav-label">{label}</span>
      </Link>
    </li>
  );
}

function Group(props: {
  group: Extract<SidebarItem, { kind: 'group' }>;
  open: boolean;
  collapsed: boolean;
  onToggle: (g: NavGroup) => void;
  control: { 'data-event': string; disabled: boolean };
}) {
  const { group, open, collapsed, onToggle, control } = props;
  const [location] = useLocation();
  const containsActive = group.links.some((link) => link.href === location);
  const expanded = open && !collapsed;
  const listId = `nav-group-${group.group}`;
  return (
    <li>
      <button
        type="button"
        className={`nav-link nav-group-toggle${containsActive ? ' has-active' : ''}`}
        aria-expanded={expanded}
        aria-controls={listId}
        title={group.label}
        {...control}
        onClick={() => onToggle(group.group)}
      >
        <group.icon />
        <span className="nav-label">{group.label}</span>
        <span className={`nav-chevron${expanded ? ' is-open' : ''}`}>
          <ChevronIcon />
        </span>
      </button>
      <ul id={listId} className="nav-sublist" hidden={!expanded}>
        {group.links.map((link) => (
          <NavItem key={link.href} href={link.href} label={link.label} row={link.row} />
        ))}
      </ul>
    </li>
  );
}
