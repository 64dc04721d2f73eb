/**
 * Meeting/class wording (spec §1): the meeting scene `mr_scene` switches labels between the two
 * vocabularies. Each pair is a set of lazy descriptors; `sceneText` picks by scene.
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { MrScene } from '@protocol/wire';

const SCENE_WORDS = {
  number: { conference: msg`Meeting No.`, class: msg`Class No.` },
  end: { conference: msg`End meeting`, class: msg`Finish class` },
  ended: {
    conference: msg`The meeting has ended, exit control`,
    class: msg`The class has ended, exit control`,
  },
  inProgress: { conference: msg`In meeting`, class: msg`In class` },
  startTime: { conference: msg`Meeting start time`, class: msg`Class start time` },
} satisfies Record<string, Record<MrScene, MessageDescriptor>>;

export type SceneWord = keyof typeof SCENE_WORDS;

/** The descriptor of `word` in `scene`; translate it with `i18n._()` or `t()`. */
export function sceneText(word: SceneWord, scene: MrScene): MessageDescriptor {
  return SCENE_WORDS[word][scene === 'class' ? 'class' : 'conference'];
}
