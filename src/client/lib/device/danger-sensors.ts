import { createBrowserMotionSensor, type MotionSensor } from './motion-sensor';
import { browserPageVisibility, type PageVisibility } from './page-visibility';
import { browserSoundSensor, type SoundSensor } from './sound-sensor';
import { browserSpeechSensor, type SpeechSensor } from './speech-sensor';
import { keepScreenAwake, type WakeLockState } from './wake-lock';

/**
 * What danger detection reads of the phone: motion, the microphone's loudness, speech, whether Beacon is on
 * screen, and the screen wake lock. Loaded on demand with the detection code; tests pass fakes fed with recorded
 * traces through `DeviceAdapters.dangerSensors`.
 */
export type DangerSensors = {
  motion: MotionSensor;
  sound: SoundSensor;
  speech: SpeechSensor;
  visibility: PageVisibility;
  keepScreenAwake: (onChange: (state: WakeLockState) => void) => () => void;
};

export const browserDangerSensors: DangerSensors = {
  motion: createBrowserMotionSensor(),
  sound: browserSoundSensor,
  speech: browserSpeechSensor,
  visibility: browserPageVisibility,
  keepScreenAwake,
};
