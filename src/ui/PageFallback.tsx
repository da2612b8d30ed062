import { Center, Loader } from '@mantine/core';

/** Shown while a screen's code or translations load (from the service worker cache, usually at once). */
export function PageFallback() {
  return (
    <Center mih={200} aria-busy="true">
      <Loader />
    </Center>
  );
}
