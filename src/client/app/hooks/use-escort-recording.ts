import { toast } from '../../lib/toast';
import { RECORDING_TEXTS } from '#shared/recording-texts';
import type { EscortController } from '../../features/journeys/hooks/use-escort';
import { useDevice } from '../../lib/device/device-context';

/**
 * The escort with its video monitoring: a start asks for the camera in the same tap (a browser prompts only on a
 * person's gesture) but never waits for it, and a refusal only warns (Video Permission Required): the escort starts
 * anyway. Either stop button ends the escort's recording with it.
 */
export function useEscortRecording(controller: EscortController): EscortController {
  const { permissions } = useDevice();
  return {
    ...controller,
    start: (request) => {
      controller.start(request);
      void permissions
        .request('camera')
        .catch(() => 'denied' as const)
        .then((state) => {
          if (state !== 'granted') {
            toast.warning(RECORDING_TEXTS.videoPermissionRequiredTitle, {
              description: RECORDING_TEXTS.videoPermissionRequired,
            });
          }
        });
    },
    stop: () => {
      const sessionId = controller.session?.id;
      controller.stop();
      if (sessionId) {
        void import('../../features/recording/stores/recorder').then((recorder) =>
          recorder.stopEscortRecording(sessionId),
        );
      }
    },
  };
}
