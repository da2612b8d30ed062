import { type RefObject, useEffect, useRef, useState } from 'react';
import { openReader, type Reader } from './detector';
import { RepeatGate } from './repeat';

/** Where the camera stands: starting, reading, or why it cannot. */
export type CameraState =
  | { kind: 'starting' }
  | { kind: 'scanning'; reader: Reader['kind'] }
  | { kind: 'failed'; reason: 'denied' | 'no_camera' | 'insecure' | 'decoder' | 'other' };

/** Time between two frames read: about seven a second leaves the tablet's CPU to the rest of the app. */
const FRAME_MS = 140;

function reasonOf(error: unknown): Extract<CameraState, { kind: 'failed' }>['reason'] {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError')
    return 'no_camera';
  return 'other';
}

/**
 * The rear camera in `video` while the component is on screen, its frames read continuously; each label
 * coming into view is passed to `onRead` once (see repeat.ts). The camera is released when the component
 * goes away.
 */
export function useCamera(
  video: RefObject<HTMLVideoElement | null>,
  onRead: (text: string) => void,
): CameraState {
  const [state, setState] = useState<CameraState>({ kind: 'starting' });
  const read = useRef(onRead);
  read.current = onRead;

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const gate = new RepeatGate();

    async function frame(reader: Reader) {
      const element = video.current;
      if (stopped) return;
      if (element && element.readyState >= 2 && element.videoWidth > 0) {
        try {
          const found = await reader.detect(element);
          if (stopped) return;
          for (const text of gate.pass(
            found.map((code) => code.rawValue),
            performance.now(),
          ))
            read.current(text);
        } catch {
          // A frame that cannot be read (the video resizing): the next one will be.
        }
      }
      if (!stopped) timer = setTimeout(() => void frame(reader), FRAME_MS);
    }

    async function start() {
      if (!navigator.mediaDevices?.getUserMedia) {
        setState({ kind: 'failed', reason: 'insecure' });
        return;
      }
      const camera = navigator.mediaDevices.getUserMedia({
        audio: false,
        video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
      });
      // The reader (its WebAssembly compiled) while the camera starts.
      const reader = openReader();
      try {
        stream = await camera;
      } catch (error) {
        reader.catch(() => undefined);
        if (!stopped) setState({ kind: 'failed', reason: reasonOf(error) });
        return;
      }
      if (stopped) {
        for (const track of stream.getTracks()) track.stop();
        return;
      }
      const element = video.current;
      if (element) {
        element.srcObject = stream;
        await element.play().catch(() => undefined);
      }
      let ready: Reader;
      try {
        ready = await reader;
      } catch {
        if (!stopped) setState({ kind: 'failed', reason: 'decoder' });
        return;
      }
      if (stopped) return;
      setState({ kind: 'scanning', reader: ready.kind });
      void frame(ready);
    }

    void start();
    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
      const element = video.current;
      if (element) element.srcObject = null;
    };
  }, [video]);

  return state;
}
