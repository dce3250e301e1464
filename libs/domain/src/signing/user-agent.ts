/**
 * A browser's user agent in words for the certificate of completion, e.g.
 * "Chrome 131 on Android (phone)": the browser and its major version, the system, the kind of
 * device. What cannot be told is said so ("Unknown browser"), never guessed.
 */
export function describeUserAgent(userAgent: string | null | undefined): string {
  const ua = (userAgent ?? '').trim();
  if (!ua) return 'Unknown browser';
  const browser = browserOf(ua);
  const system = systemOf(ua);
  const device = deviceKindOf(ua);
  return `${browser}${system ? ` on ${system}` : ''} (${device})`;
}

/** phone, tablet or desktop, from the user agent's own words. */
function deviceKindOf(ua: string): 'phone' | 'tablet' | 'desktop' {
  if (/iPad|Tablet|(Android(?!.*Mobile))/i.test(ua)) return 'tablet';
  if (/Mobile|iPhone|iPod|Android/i.test(ua)) return 'phone';
  return 'desktop';
}

const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/OPR\/(\d+)/, 'Opera'],
  [/SamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/Firefox\/(\d+)|FxiOS\/(\d+)/, 'Firefox'],
  [/CriOS\/(\d+)/, 'Chrome'],
  [/HeadlessChrome\/(\d+)/, 'Headless Chrome'],
  [/Chrome\/(\d+)/, 'Chrome'],
  [/Version\/(\d+)[.\d]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
];

function browserOf(ua: string): string {
  for (const [pattern, name] of BROWSERS) {
    const match = pattern.exec(ua);
    if (match) {
      const version = match.slice(1).find(Boolean);
      return version ? `${name} ${version}` : name;
    }
  }
  return 'Unknown browser';
}

function systemOf(ua: string): string {
  const ios = /(?:iPhone|iPad|iPod).*? OS (\d+)/.exec(ua);
  if (ios) return `iOS ${ios[1]}`;
  const android = /Android (\d+)/.exec(ua);
  if (android) return `Android ${android[1]}`;
  if (/Windows NT 10/.test(ua)) return 'Windows';
  if (/Windows/.test(ua)) return 'Windows';
  if (/Mac OS X/.test(ua)) return 'macOS';
  if (/CrOS/.test(ua)) return 'ChromeOS';
  if (/Linux/.test(ua)) return 'Linux';
  return '';
}
