import type { CSSProperties } from 'react';
import type { ChildMode } from '@sprout/shared';
import { SproutLogo } from '../../components/SproutLogo';
import { MODE_ICONS, modeColours } from './mode-style';

export interface TopBarProps {
  modes: readonly ChildMode[];
  currentMode: ChildMode;
  onSelectMode: (mode: ChildMode) => void;
  onSignOut: () => void;
}

export function TopBar({ modes, currentMode, onSelectMode, onSignOut }: TopBarProps) {
  return (
    <header className="topbar">
      <h1 className="topbar__logo">
        <SproutLogo size={36} />
        Sprout
      </h1>
      <nav className="topbar__modes" aria-label="Chat modes">
        {modes.map((mode) => (
          <ModeButton
            key={mode}
            mode={mode}
            selected={mode === currentMode}
            onSelect={() => onSelectMode(mode)}
          />
        ))}
      </nav>
      <button type="button" className="button button--quiet topbar__signout" onClick={onSignOut}>
        Sign Out
      </button>
    </header>
  );
}

interface ModeButtonProps {
  mode: ChildMode;
  selected: boolean;
  onSelect: () => void;
}

function ModeButton({ mode, selected, onSelect }: ModeButtonProps) {
  const { background, text } = modeColours(mode);
  const style = { '--mode-colour': background, '--mode-text': text } as CSSProperties;
  return (
    <button
      type="button"
      className={`mode-button${selected ? ' mode-button--selected' : ''}`}
      style={style}
      aria-pressed={selected}
      onClick={onSelect}
    >
      <span className="mode-button__icon" aria-hidden="true">
        {selected ? '✓' : MODE_ICONS[mode]}
      </span>
      {mode}
    </button>
  );
}
