/**
 * The browser's picture-in-picture for a <video>: entered, unsupported (no API, or disabled by
 * policy or the user), or refused (the browser said no, e.g. without a user gesture).
 */
export type PipOutcome = 'entered' | 'unsupported' | 'refused';

export async function enterPictureInPicture(
  video: HTMLVideoElement | null,
  doc: Pick<Document, 'pictureInPictureEnabled'> = document,
): Promise<PipOutcome> {
  if (!video || typeof video.requestPictureInPicture !== 'function' || !doc.pictureInPictureEnabled) return 'unsupported';
  try {
    await video.requestPictureInPicture();
    return 'entered';
  } catch {
    return 'refused';
  }
}
