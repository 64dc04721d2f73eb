/**
 * Draws a verify code as a PNG: 5×7 bitmap glyphs scaled up, each character shifted, slanted and
 * coloured at random, over noise lines and dots so the text is readable by people and not
 * trivially by a template match.
 */
import { encodePng, RgbImage, type Rgb } from './png';

/** 5×7 glyphs, one string per row, '#' = ink. Digits and capital letters. */
const GLYPHS: Record<string, string[]> = {
  '0': [' ### ', '#   #', '#  ##', '# # #', '##  #', '#   #', ' ### '],
  '1': ['  #  ', ' ##  ', '  #  ', '  #  ', '  #  ', '  #  ', ' ### '],
  '2': [' ### ', '#   #', '    #', '   # ', '  #  ', ' #   ', '#####'],
  '3': ['#####', '   # ', '  #  ', '   # ', '    #', '#   #', ' ### '],
  '4': ['   # ', '  ## ', ' # # ', '#  # ', '#####', '   # ', '   # '],
  '5': ['#####', '#    ', '#### ', '    #', '    #', '#   #', ' ### '],
  '6': ['  ## ', ' #   ', '#    ', '#### ', '#   #', '#   #', ' ### '],
  '7': ['#####', '    #', '   # ', '  #  ', ' #   ', ' #   ', ' #   '],
  '8': [' ### ', '#   #', '#   #', ' ### ', '#   #', '#   #', ' ### '],
  '9': [' ### ', '#   #', '#   #', ' ####', '    #', '   # ', ' ##  '],
  A: [' ### ', '#   #', '#   #', '#####', '#   #', '#   #', '#   #'],
  B: ['#### ', '#   #', '#   #', '#### ', '#   #', '#   #', '#### '],
  C: [' ### ', '#   #', '#    ', '#    ', '#    ', '#   #', ' ### '],
  D: ['###  ', '#  # ', '#   #', '#   #', '#   #', '#  # ', '###  '],
  E: ['#####', '#    ', '#    ', '#### ', '#    ', '#    ', '#####'],
  F: ['#####', '#    ', '#    ', '#### ', '#    ', '#    ', '#    '],
  G: [' ### ', '#   #', '#    ', '# ###', '#   #', '#   #', ' ####'],
  H: ['#   #', '#   #', '#   #', '#####', '#   #', '#   #', '#   #'],
  I: [' ### ', '  #  ', '  #  ', '  #  ', '  #  ', '  #  ', ' ### '],
  J: ['  ###', '   # ', '   # ', '   # ', '   # ', '#  # ', ' ##  '],
  K: ['#   #', '#  # ', '# #  ', '##   ', '# #  ', '#  # ', '#   #'],
  L: ['#    ', '#    ', '#    ', '#    ', '#    ', '#    ', '#####'],
  M: ['#   #', '## ##', '# # #', '# # #', '#   #', '#   #', '#   #'],
  N: ['#   #', '#   #', '##  #', '# # #', '#  ##', '#   #', '#   #'],
  O: [' ### ', '#   #', '#   #', '#   #', '#   #', '#   #', ' ### '],
  P: ['#### ', '#   #', '#   #', '#### ', '#    ', '#    ', '#    '],
  Q: [' ### ', '#   #', '#   #', '#   #', '# # #', '#  # ', ' ## #'],
  R: ['#### ', '#   #', '#   #', '#### ', '# #  ', '#  # ', '#   #'],
  S: [' ####', '#    ', '#    ', ' ### ', '    #', '    #', '#### '],
  T: ['#####', '  #  ', '  #  ', '  #  ', '  #  ', '  #  ', '  #  '],
  U: ['#   #', '#   #', '#   #', '#   #', '#   #', '#   #', ' ### '],
  V: ['#   #', '#   #', '#   #', '#   #', '#   #', ' # # ', '  #  '],
  W: ['#   #', '#   #', '#   #', '# # #', '# # #', '# # #', ' # # '],
  X: ['#   #', '#   #', ' # # ', '  #  ', ' # # ', '#   #', '#   #'],
  Y: ['#   #', '#   #', ' # # ', '  #  ', '  #  ', '  #  ', '  #  '],
  Z: ['#####', '    #', '   # ', '  #  ', ' #   ', '#    ', '#####'],
};

/** Characters the picture can show. */
export const DRAWABLE = Object.keys(GLYPHS).join('');

export const CAPTCHA_WIDTH = 120;
export const CAPTCHA_HEIGHT = 44;
const SCALE = 4;

// Visual jitter only: the code itself comes from crypto.randomInt (verifyCodes.ts), so the
// cheaper Math.random is fine here and keeps a picture well under a millisecond of work.
const rand = (min: number, maxInclusive: number): number => min + Math.floor(Math.random() * (maxInclusive - min + 1));

function darkColour(): Rgb {
  return [rand(10, 110), rand(10, 110), rand(10, 130)];
}

function midColour(): Rgb {
  return [rand(90, 190), rand(90, 190), rand(90, 190)];
}

/** The PNG picture of `code` (1–6 drawable characters). */
export function renderCaptcha(code: string): Buffer {
  const text = code.toUpperCase();
  if (text.length === 0 || text.length > 6 || [...text].some((ch) => !GLYPHS[ch])) {
    throw new RangeError('code must be 1–6 drawable characters');
  }
  const img = new RgbImage(CAPTCHA_WIDTH, CAPTCHA_HEIGHT);
  img.fill([rand(225, 250), rand(225, 250), rand(225, 250)]);

  // lines behind the text
  for (let i = 0; i < 4; i++) {
    img.line(rand(0, 119), rand(0, 43), rand(0, 119), rand(0, 43), midColour(), 1);
  }

  const cell = Math.floor((CAPTCHA_WIDTH - 8) / text.length);
  const glyphW = 5 * SCALE;
  const glyphH = 7 * SCALE;
  [...text].forEach((ch, index) => {
    const rows = GLYPHS[ch];
    const colour = darkColour();
    const x0 = 4 + index * cell + Math.floor((cell - glyphW) / 2) + rand(-3, 3);
    const y0 = Math.floor((CAPTCHA_HEIGHT - glyphH) / 2) + rand(-5, 5);
    // a slant: each pixel row moves sideways in proportion to its height
    const slant = rand(-3, 3) / 10;
    for (let gy = 0; gy < 7; gy++) {
      for (let gx = 0; gx < 5; gx++) {
        if (rows[gy][gx] !== '#') continue;
        for (let py = 0; py < SCALE; py++) {
          const y = gy * SCALE + py;
          const shift = Math.round((glyphH / 2 - y) * slant);
          for (let px = 0; px < SCALE; px++) img.set(x0 + gx * SCALE + px + shift, y0 + y, colour);
        }
      }
    }
  });

  // lines and dots over the text
  for (let i = 0; i < 2; i++) {
    img.line(rand(0, 119), rand(0, 43), rand(0, 119), rand(0, 43), darkColour(), 1);
  }
  for (let i = 0; i < 160; i++) img.set(rand(0, 119), rand(0, 43), midColour());
  return encodePng(img);
}
