import { TRACKING_ERROR_TEXTS } from '#shared/location-dialog-texts';
import { GEOLOCATION_UNSUPPORTED } from '../../../lib/device/geolocation';
import type { DevicePermissionState } from '../../../lib/device/permissions';

const PERMISSION_DENIED = 1;
const POSITION_UNAVAILABLE = 2;
const TIMEOUT = 3;

/**
 * What the person is told about the tracker (the Tracking messages): the browser's recorded permission first
 * (a denied or missing geolocation means no watch runs at all), then the watch's last failure. Null: no problem.
 */
export function trackingErrorMessage(
  errorCode: number | null,
  permission: DevicePermissionState | null,
): string | null {
  if (permission === 'denied') return TRACKING_ERROR_TEXTS.permissionDenied;
  if (permission === 'unsupported' || errorCode === GEOLOCATION_UNSUPPORTED)
    return TRACKING_ERROR_TEXTS.notSupported;
  switch (errorCode) {
    case PERMISSION_DENIED:
      return TRACKING_ERROR_TEXTS.denied;
    case POSITION_UNAVAILABLE:
      return TRACKING_ERROR_TEXTS.unavailable;
    case TIMEOUT:
      return TRACKING_ERROR_TEXTS.timeout;
    default:
      return null;
  }
}
