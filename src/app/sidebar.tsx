/** The navigation sidebar: brand, links and the two collapsible groups (only one open at a time). */
import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import type { NavGroup } from '#machines/shell.machine.ts';
import { CalendarIcon, ChevronIcon, HomeIcon, PackageIcon, TicketIcon, UsersIcon } from '#src/ui/icons.tsx';

export const DEFAULT_BUSINESS_NAME = 'Your Business';

interface SidebarProps {
  businessName: string | null | undefined;
  openGroup: NavGroup | null;
  collapsed: boolean;
  onToggleGroup: (group: NavGroup) => void;
}

const GROUPS: Array<{ id: NavGroup; label: string; icon: ReactNode; links: Array<{ href: string; label: string }> }> = [
  {
    id: 'vouchers',
    label: 'Vouchers',
    icon: <TicketIcon />,
    links: [
      { href: '/vouchers', label: 'Management' },
      { href: '/vouchers/redeem', label: 'Redeem Code' },
    ],
  },
  {
    id: 'bookings',
    label: 'Bookings',
    icon: <CalendarIcon />,
    links: [
      { href: '/bookings/calendar', label: 'Calendar' },
      { href: '/bookings/setup', label: 'Setup' },
    ],
  },
];

export function Sidebar({ businessName, openGroup, collapsed, onToggleGroup }: SidebarProps) {
  const name = businessName?.trim() || DEFAULT_BUSINESS_NAME;
  const [vouchers, bookings] = GROUPS;
  return (
    <>
      <div className="sidebar-brand">
        <span className="brand-mark" aria-hidden="true">
          {name.charAt(0).toUpperCase()}
        </span>
        <span className="brand-name" title={name}>
          {name}
        </span>
      </div>
      <nav className="sidebar-nav" aria-label="Main">
        <ul className="nav-list">
          <NavItem href="/" label="Dashboard" icon={<HomeIcon />} />
          {vouchers && (
            <Group group={vouchers} open={openGroup === 'vouchers'} collapsed={collapsed} onToggle={onToggleGroup} />
          )}
          {bookings && (
            <Group group={bookings} open={openGroup === 'bookings'} collapsed={collapsed} onToggle={onToggleGroup} />
          )}
          <NavItem href="/customers" label="Customers" icon={<UsersIcon />} />
          <NavItem href="/package" label="My Package" icon={<PackageIcon />} />
        </ul>
      </nav>
    </>
  );
}

function NavItem({ href, label, icon }: { href: string; label: string; icon?: ReactNode }) {
  const [location] = useLocation();
  const active = location === href;
  return (
    <li>
      <Link
        href={href}
        className={`nav-link${active ? ' is-active' : ''}${icon ? '' : ' nav-sublink'}`}
        aria-current={active ? 'page' : undefined}
        title={label}
      >
        {icon}
        <span className="nav-label">{label}</span>
      </Link>
    </li>
  );
}

function Group(props: {
  group: (typeof GROUPS)[number];
  open: boolean;
  collapsed: boolean;
  onToggle: (g: NavGroup) => void;
}) {
  const { group, open, collapsed, onToggle } = props;
  const [location] = useLocation();
  const containsActive = group.links.some((link) => link.href === location);
  const expanded = open && !collapsed;
  const listId = `nav-group-${group.id}`;
  return (
    <li>
      <button
        type="button"
        className={`nav-link nav-group-toggle${containsActive ? ' has-active' : ''}`}
        aria-expanded={expanded}
        aria-controls={listId}
        title={group.label}
        onClick={() => onToggle(group.id)}
      >
        {group.icon}
        <span className="nav-label">{group.label}</span>
        <span className={`nav-chevron${expanded ? ' is-open' : ''}`}>
          <ChevronIcon />
        </span>
      </button>
      <ul id={listId} className="nav-sublist" hidden={!expanded}>
        {group.links.map((link) => (
          <NavItem key={link.href} href={link.href} label={link.label} />
        ))}
      </ul>
    </li>
  );
}
