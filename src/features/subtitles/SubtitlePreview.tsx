/**
 * Live preview of a subtitle: drawn at 1:1 on a 1920×1080 frame (so font size and margins are
 * exactly what the platform composes) and scaled down as a whole to fit the dialog. Before any
 * text is typed it shows a sample line in the chosen style and place, marked "Sample", so the
 * style can be judged before the words are known (an empty dark box told nothing).
 */
import { useElementSize } from '@mantine/hooks';
import { useLingui } from '@lingui/react/macro';
import type { TitleConfig } from '@protocol/wire';
import { FRAME_HEIGHT, FRAME_WIDTH, intToHex, placement } from './subtitleModel';

export interface SubtitlePreviewProps {
  /** the title being edited */
  title: TitleConfig;
}

export function SubtitlePreview({ title }: SubtitlePreviewProps) {
  const { t } = useLingui();
  const { ref, width } = useElementSize();
  const scale = width > 0 ? width / FRAME_WIDTH : 0.25;
  const place = placement(title);
  const opacity = Math.max(0, Math.min(100, title.bg_alpha)) / 100;
  const bg = intToHex(title.bg_color);
  const sample = !title.message;
  const text = sample ? t`Sample subtitle text` : title.message;
  const bgRgba = `rgba(${parseInt(bg.slice(1, 3), 16)}, ${parseInt(bg.slice(3, 5), 16)}, ${parseInt(bg.slice(5, 7), 16)}, ${opacity})`;
  return (
    <div
      ref={ref}
      role="img"
      aria-label={sample ? t`Subtitle preview, with sample text` : t`Subtitle preview`}
      data-testid="subtitle-preview"
      data-sample={sample || undefined}
      data-scale={scale.toFixed(4)}
      style={{
        position: 'relative',
        width: '100%',
        aspectRatio: `${FRAME_WIDTH} / ${FRAME_HEIGHT}`,
        overflow: 'hidden',
        background: '#2b3440',
      }}
    >
      <div
        style={{
          position: 'absolute',
          left: 0,
          top: 0,
          width: FRAME_WIDTH,
          height: FRAME_HEIGHT,
          transform: `scale(${scale})`,
          transformOrigin: '0 0',
        }}
      >
        <div
          data-testid="subtitle-preview-text"
          data-sample={sample || undefined}
          style={{
            position: 'absolute',
            left: place.left,
            right: place.right,
            top: place.top,
            bottom: place.bottom,
            transform: `translate(${place.translateX}, ${place.translateY})`,
            textAlign: place.textAlign,
            fontSize: title.font_size,
            fontFamily: title.font_name === 'san' ? 'sans-serif' : title.font_name,
            fontWeight: title.style === 1 ? 700 : 400,
            fontStyle: title.style === 2 ? 'italic' : 'normal',
            color: intToHex(title.font_color),
            background: bgRgba,
            textShadow: title.shadow ? '2px 2px 4px rgba(0,0,0,0.9)' : 'none',
            whiteSpace: 'nowrap',
            padding: '4px 12px',
            opacity: title.has_title ? 1 : 0.45,
          }}
        >
          {text}
        </div>
      </div>
      {sample && (
        <span
          aria-hidden
          data-testid="subtitle-preview-sample"
          style={{
            position: 'absolute',
            top: 6,
            left: 6,
            padding: '1px 6px',
            borderRadius: 4,
            fontSize: 12,
            fontWeight: 600,
            color: '#1a1b1e',
            background: '#ffd43b',
          }}
        >
          {t`Sample`}
        </span>
      )}
    </div>
  );
}
