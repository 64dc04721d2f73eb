import { describe, expect, it, vi } from 'vitest';
import { enterPictureInPicture } from './pip';

const video = (request?: () => Promise<unknown>) => ({ requestPictureInPicture: request }) as unknown as HTMLVideoElement;

describe('picture-in-picture', () => {
  it('enters when the browser allows it', async () => {
    const request = vi.fn(async () => ({}));
    expect(await enterPictureInPicture(video(request), { pictureInPictureEnabled: true })).toBe('entered');
    expect(request).toHaveBeenCalledOnce();
  });

  it('is unsupported without the API, without a video, or when disabled', async () => {
    expect(await enterPictureInPicture(video(undefined), { pictureInPictureEnabled: true })).toBe('unsupported');
    expect(await enterPictureInPicture(null, { pictureInPictureEnabled: true })).toBe('unsupported');
    const request = vi.fn(async () => ({}));
    expect(await enterPictureInPicture(video(request), { pictureInPictureEnabled: false })).toBe('unsupported');
    expect(request).not.toHaveBeenCalled();
  });

  it('is refused when the browser rejects the request', async () => {
    expect(
      await enterPictureInPicture(
        video(() => Promise.reject(new DOMException('no gesture', 'NotAllowedError'))),
        { pictureInPictureEnabled: true },
      ),
    ).toBe('refused');
  });
});
