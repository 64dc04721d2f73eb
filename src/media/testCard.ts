/**
 * What the simulated cameras and content shares draw. A camera is a test card in the
 * participant's colour with its initials, name and a sweeping bar and clock, so a frozen picture
 * is told from a live one at a glance; a content share is a slide with the presenter's name,
 * a slide number and a chart that grows. No words: canvas text cannot be translated.
 */
import { hueOf, initialsOf } from './mediaModel';

export const CARD_SIZE = { width: 320, height: 180 } as const;
export const SLIDE_SIZE = { width: 640, height: 360 } as const;

type Ctx2d = Pick<
  CanvasRenderingContext2D,
  | 'fillStyle'
  | 'strokeStyle'
  | 'lineWidth'
  | 'font'
  | 'textAlign'
  | 'textBaseline'
  | 'fillRect'
  | 'fillText'
  | 'beginPath'
  | 'arc'
  | 'fill'
  | 'stroke'
  | 'strokeRect'
>;

/** Bar position 0–1 at `ms`: one sweep every 2 s. */
export function sweep(ms: number): number {
  return (ms % 2000) / 2000;
}

function clock(ms: number): string {
  const d = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}.${Math.floor(d.getMilliseconds() / 100)}`;
}

export function drawTestCard(ctx: Ctx2d, usrId: string, name: string, talking: boolean, ms: number): void {
  const { width: w, height: h } = CARD_SIZE;
  const hue = hueOf(usrId);
  ctx.fillStyle = `hsl(${hue} 45% 32%)`;
  ctx.fillRect(0, 0, w, h);
  ctx.fillStyle = `hsl(${hue} 60% 55%)`;
  ctx.fillRect(sweep(ms) * (w - 24), h - 14, 24, 8);
  ctx.beginPath();
  ctx.arc(w / 2, h / 2 - 12, 42, 0, Math.PI * 2);
  ctx.fillStyle = `hsl(${hue} 50% 70%)`;
  ctx.fill();
  if (talking) {
    ctx.lineWidth = 5;
    ctx.strokeStyle = '#40c057';
    ctx.stroke();
  }
  ctx.fillStyle = '#1f2933';
  ctx.font = 'bold 32px sans-serif';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(initialsOf(name || usrId), w / 2, h / 2 - 12);
  ctx.fillStyle = '#f5f7fa';
  ctx.font = '14px sans-serif';
  ctx.fillText(name || usrId, w / 2, h / 2 + 46, w - 16);
  ctx.textAlign = 'right';
  ctx.font = '11px monospace';
  ctx.fillText(clock(ms), w - 6, 12);
}

export function drawSlide(ctx: Ctx2d, usrId: string, name: string, ms: number): void {
  const { width: w, height: h } = SLIDE_SIZE;
  const hue = hueOf(usrId);
  ctx.fillStyle = '#f8f9fa';
  ctx.fillRect(0, 0, w, h);
  ctx.fillStyle = `hsl(${hue} 55% 40%)`;
  ctx.fillRect(0, 0, w, 48);
  ctx.fillStyle = '#ffffff';
  ctx.font = 'bold 22px sans-serif';
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  ctx.fillText(name || usrId, 20, 24, w - 140);
  const slide = Math.floor(ms / 8000) % 12;
  ctx.textAlign = 'right';
  ctx.fillText(`${slide + 1} / 12`, w - 20, 24);
  // a bar chart whose bars grow through each slide
  const grow = (ms % 8000) / 8000;
  for (let i = 0; i < 6; i++) {
    const full = 60 + ((hue * (i + 3) + slide * 37) % 200);
    const bh = full * (0.3 + 0.7 * grow);
    ctx.fillStyle = `hsl(${(hue + i * 40) % 360} 55% 50%)`;
    ctx.fillRect(60 + i * 90, h - 30 - bh, 60, bh);
  }
  ctx.strokeStyle = '#adb5bd';
  ctx.lineWidth = 2;
  ctx.strokeRect(40, 70, w - 80, h - 100);
}
