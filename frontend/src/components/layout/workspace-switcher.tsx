import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { ROLE_LABELS } from '@shared/workspaces/roles.js';
import { useWorkspace } from '../../lib/workspace';
import { ChevronDownIcon } from '../ui/icons';

const NAME_CLASS = 'block max-w-[8.5rem] truncate text-sm font-medium text-slate-900 sm:max-w-[14rem]';

/**
 * The header's workspace switcher (docs/teams.md "Choosing a workspace"). The current workspace's
 * name always shows; with more than one workspace it is a button that opens a menu of all of them,
 * each with the person's role there. The menu follows the WAI-ARIA menu button pattern: arrow keys,
 * Home and End move between entries, Escape closes it and focus returns to the button.
 */
export function WorkspaceSwitcher() {
  const { workspaces, current, currentId, switchTo } = useWorkspace();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const items = menu.current?.querySelectorAll<HTMLButtonElement>('[role="menuitemradio"]');
    const checked = menu.current?.querySelector<HTMLButtonElement>('[aria-checked="true"]');
    (checked ?? items?.[0])?.focus();
    const closeOutside = (event: MouseEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('mousedown', closeOutside);
    return () => document.removeEventListener('mousedown', closeOutside);
  }, [open]);

  if (!current) return null;
  if (workspaces.length < 2) {
    return (
      <span className={NAME_CLASS} data-testid="workspace-name">
        {current.name}
      </span>
    );
  }

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  };

  const onMenuKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const items = Array.from(menu.current?.querySelectorAll<HTMLButtonElement>('[role="menuitemradio"]') ?? []);
    const at = items.indexOf(document.activeElement as HTMLButtonElement);
    const focus = (index: number) => items[(index + items.length) % items.length]?.focus();
    if (event.key === 'ArrowDown') focus(at + 1);
    else if (event.key === 'ArrowUp') focus(at - 1);
    else if (event.key === 'Home') focus(0);
    else if (event.key === 'End') focus(items.length - 1);
    else if (event.key === 'Escape') close(true);
    else if (event.key === 'Tab') close(false);
    else return;
    if (event.key !== 'Tab') event.preventDefault();
  };

  const choose = (workspaceId: string) => {
    close(true);
    if (workspaceId !== currentId) switchTo(workspaceId);
  };

  return (
    <div className="relative">
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={`Workspace: ${current.name}. Switch workspace`}
        onClick={() => setOpen((was) => !was)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            setOpen(true);
          }
        }}
        className="inline-flex items-center gap-1.5 rounded-lg px-2.5 py-1.5 hover:bg-slate-100"
      >
        <span className={NAME_CLASS} data-testid="workspace-name">
          {current.name}
        </span>
        <ChevronDownIcon className="size-4 shrink-0 text-slate-500" />
      </button>
      {open && (
        <ul
          ref={menu}
          id={menuId}
          role="menu"
          aria-label="Workspaces"
          onKeyDown={onMenuKey}
          className="absolute right-0 z-40 mt-2 w-72 max-w-[calc(100vw-2rem)] rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
        >
          {workspaces.map((workspace) => (
            <li key={workspace.id} role="none">
              <button
                type="button"
                role="menuitemradio"
                aria-checked={workspace.id === currentId}
                tabIndex={-1}
                onClick={() => choose(workspace.id)}
                className={`flex w-full items-center justify-between gap-3 px-3 py-2 text-left text-sm hover:bg-slate-50 focus:bg-slate-100 focus:outline-none ${
                  workspace.id === currentId ? 'font-semibold text-indigo-700' : 'text-slate-700'
                }`}
              >
                <span className="truncate">{workspace.name}</span>
                <span className="shrink-0 text-xs font-normal text-slate-600">
                  {ROLE_LABELS[workspace.role]}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
