import { useEffect, useRef } from 'react';
import { useMap } from 'react-leaflet';
import type { MapPoint } from './live-map';

type FollowPositionProps = {
  position: MapPoint | null;
  /** The zoom the map jumps to the first time there is a position. */
  zoom: number;
  /** After the first fix: 'always' keeps the position centred, 'when-out-of-view' moves only when it leaves the map. */
  pan: 'always' | 'when-out-of-view';
};

/** Inside a map (BaseMap): jumps to `zoom` on the first position, then keeps the position in view as it moves. */
export function FollowPosition({ position, zoom, pan }: FollowPositionProps) {
  const map = useMap();
  const hadFix = useRef(position !== null);
  const latitude = position?.latitude;
  const longitude = position?.longitude;

  useEffect(() => {
    if (latitude === undefined || longitude === undefined) return;
    if (!hadFix.current) {
      hadFix.current = true;
      map.setView([latitude, longitude], zoom);
      return;
    }
    if (pan === 'always' || !map.getBounds().contains([latitude, longitude]))
      map.panTo([latitude, longitude]);
  }, [map, latitude, longitude, zoom, pan]);

  return null;
}
