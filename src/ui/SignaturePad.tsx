// A pad to sign on with a finger, a stylus or a gloved hand: pointer events (touch, pen and mouse alike),
// strokes kept as points from 0 to 1 so the drawing survives a resize, and the signature given back as
// a PNG of a fixed size (about 10-40 KB), whatever the screen.
import { Box, Button, Group, Text } from '@mantine/core';
import { type PointerEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Point = readonly [x: number, y: number];
export type Strokes = readonly (readonly Point[])[];

const EXPORT_WIDTH = 900;
const EXPORT_HEIGHT = 300;
const INK = '#0b2a6b';

/** Draws strokes (points from 0 to 1) on a canvas of `width` x `height` pixels. */
function draw(
  context: CanvasRenderingContext2D,
  strokes: Strokes,
  width: number,
  height: number,
  line: number,
) {
  context.clearRect(0, 0, width, height);
  context.strokeStyle = INK;
  context.fillStyle = INK;
  context.lineWidth = line;
  context.lineCap = 'round';
  context.lineJoin = 'round';
  for (const stroke of strokes) {
    const [first, ...rest] = stroke;
    if (!first) continue;
    context.beginPath();
    context.moveTo(first[0] * width, first[1] * height);
    if (rest.length === 0) {
      context.arc(first[0] * width, first[1] * height, line / 2, 0, Math.PI * 2);
      context.fill();
      continue;
    }
    for (const [x, y] of rest) context.lineTo(x * width, y * height);
    context.stroke();
  }
}

/** The strokes as a PNG data URL of a fixed size, or null when nothing is drawn. */
export function strokesToPng(strokes: Strokes): string | null {
  if (strokes.length === 0) return null;
  const canvas = document.createElement('canvas');
  canvas.width = EXPORT_WIDTH;
  canvas.height = EXPORT_HEIGHT;
  const context = canvas.getContext('2d');
  if (!context) return null;
  draw(context, strokes, EXPORT_WIDTH, EXPORT_HEIGHT, 6);
  return canvas.toDataURL('image/png');
}

interface Props {
  strokes: Strokes;
  onChange: (strokes: Strokes) => void;
  label: string;
  error?: string;
}

export function SignaturePad({ strokes, onChange, label, error }: Props) {
  const { t } = useTranslation('ui');
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef<Point[] | null>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });

  // The canvas's pixels follow its box (and the screen's density), and the strokes are drawn again.
  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const observer = new ResizeObserver(() => {
      const ratio = Math.min(window.devicePixelRatio || 1, 2);
      setSize({
        width: Math.round(element.clientWidth * ratio),
        height: Math.round(element.clientHeight * ratio),
      });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const redraw = useCallback(
    (extra?: readonly Point[]) => {
      const context = canvas.current?.getContext('2d');
      if (!context || size.width === 0) return;
      draw(
        context,
        extra ? [...strokes, extra] : strokes,
        size.width,
        size.height,
        Math.max(3, size.width / 220),
      );
    },
    [strokes, size],
  );
  useEffect(() => redraw(), [redraw]);

  const pointOf = (event: PointerEvent<HTMLCanvasElement>): Point => {
    const box = event.currentTarget.getBoundingClientRect();
    const clamp = (value: number) => Math.min(1, Math.max(0, value));
    return [clamp((event.clientX - box.left) / box.width), clamp((event.clientY - box.top) / box.height)];
  };

  return (
    <Box>
      <Group justify="space-between" mb={4}>
        <Text fw={500} size="sm">
          {label}
        </Text>
        <Button variant="default" size="md" onClick={() => onChange([])} disabled={strokes.length === 0}>
          {t('signature.clear')}
        </Button>
      </Group>
      <canvas
        ref={canvas}
        width={size.width}
        height={size.height}
        data-testid="signature-pad"
        aria-label={label}
        role="img"
        style={{
          display: 'block',
          width: '100%',
          height: 220,
          touchAction: 'none',
          background: '#fff',
          border: `2px ${error ? 'solid var(--mantine-color-red-6)' : 'dashed var(--mantine-color-gray-5)'}`,
          borderRadius: 8,
          cursor: 'crosshair',
        }}
        onPointerDown={(event) => {
          event.currentTarget.setPointerCapture(event.pointerId);
          drawing.current = [pointOf(event)];
          redraw(drawing.current);
        }}
        onPointerMove={(event) => {
          if (!drawing.current) return;
          drawing.current.push(pointOf(event));
          redraw(drawing.current);
        }}
        onPointerUp={() => {
          if (drawing.current) onChange([...strokes, drawing.current]);
          drawing.current = null;
        }}
        onPointerCancel={() => {
          drawing.current = null;
          redraw();
        }}
      />
      <Text size="sm" c={error ? 'red' : 'dimmed'} mt={4}>
        {error ?? t('signature.hint')}
      </Text>
    </Box>
  );
}
