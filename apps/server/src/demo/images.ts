import sharp from 'sharp';

const PALETTES: [string, string][] = [
  ['#0f2027', '#2c5364'],
  ['#ff512f', '#dd2476'],
  ['#1d976c', '#93f9b9'],
  ['#4776e6', '#8e54e9'],
  ['#f7971e', '#ffd200'],
  ['#c31432', '#240b36'],
  ['#00b4db', '#0083b0'],
  ['#ee0979', '#ff6a00'],
  ['#134e5e', '#71b280'],
  ['#614385', '#516395'],
  ['#e96443', '#904e95'],
  ['#3a1c71', '#ffaf7b'],
];

function esc(s: string): string {
  return s.replace(/[&<>]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A demo creative: a 1200 x 2133 (9:16) JPEG with a gradient, shapes and its cell label, made locally. */
export async function demoCreative(index: number, label: string, title: string): Promise<Buffer> {
  const [a, b] = PALETTES[index % PALETTES.length] as [string, string];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="2133" viewBox="0 0 1200 2133">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
  <rect width="1200" height="2133" fill="url(#g)"/>
  <circle cx="${200 + ((index * 137) % 800)}" cy="${500 + ((index * 211) % 900)}" r="380" fill="#ffffff" fill-opacity="0.10"/>
  <circle cx="${900 - ((index * 97) % 600)}" cy="${1500 - ((index * 173) % 700)}" r="260" fill="#000000" fill-opacity="0.10"/>
  <text x="600" y="900" font-family="DejaVu Sans, Noto Sans CJK JP, sans-serif" font-size="340" font-weight="700" fill="#ffffff" fill-opacity="0.92" text-anchor="middle">${esc(label)}</text>
  <text x="600" y="1060" font-family="DejaVu Sans, Noto Sans CJK JP, sans-serif" font-size="84" fill="#ffffff" fill-opacity="0.85" text-anchor="middle">${esc(title)}</text>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
}

/** A small square image (logo, product, banner). */
export async function demoSquare(text: string, color: string, size = 400): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="${size}" height="${size}" rx="${size / 8}" fill="${color}"/>
  <text x="50%" y="58%" font-family="DejaVu Sans, sans-serif" font-size="${size / 4}" font-weight="700" fill="#fff" text-anchor="middle">${esc(text)}</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
