import { chooseTheme, THEME_CHOICES, useTheme, type ThemeChoice } from './theme.ts';

const LABEL: Record<ThemeChoice, string> = { light: 'Light', dark: 'Dark', system: 'System' };

/** Light / Dark / System, remembered in this browser (components/theme.ts). */
export function ThemeToggle() {
  const { choice, theme } = useTheme();
  return (
    <div
      className="layout-toggle theme-toggle"
      role="group"
      aria-label="Theme"
      data-testid="theme-toggle"
    >
      {THEME_CHOICES.map((c) => (
        <button
          key={c}
          type="button"
          aria-pressed={choice === c}
          className={choice === c ? 'active' : undefined}
          title={c === 'system' ? `Follow the system (now ${theme})` : `${LABEL[c]} theme`}
          onClick={() => chooseTheme(c)}
        >
          {LABEL[c]}
        </button>
      ))}
    </div>
  );
}
