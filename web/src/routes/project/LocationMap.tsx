/**
 * The project location on an OpenLayers map (platform spec section 2: default zoom 16, draggable
 * marker, full-screen view; tiles from config.tileUrl). Imported only by the lazy project route
 * modules, so `ol` stays out of the login bundle. Works without tiles (failed tiles stay blank).
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import Feature from 'ol/Feature.js';
import OlMap from 'ol/Map.js';
import View from 'ol/View.js';
import { defaults as defaultControls, FullScreen } from 'ol/control.js';
import Point from 'ol/geom/Point.js';
import { Translate } from 'ol/interaction.js';
import TileLayer from 'ol/layer/Tile.js';
import VectorLayer from 'ol/layer/Vector.js';
import { fromLonLat, toLonLat } from 'ol/proj.js';
import VectorSource from 'ol/source/Vector.js';
import XYZ from 'ol/source/XYZ.js';
import { Circle, Fill, Stroke, Style } from 'ol/style.js';
import 'ol/ol.css';
import { config } from '../../config.ts';
import { MAP_DEFAULT_ZOOM } from '../../constants.ts';


/**
 * The full-screen button's face as an inline SVG: OpenLayers' default glyphs (U+2922 / U+00D7)
 * are missing from many system fonts and showed as a box. The button's name is its title
 * (`tipLabel`), translated.
 */
function fullScreenIcon(active: boolean): HTMLElement {
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', '0 0 16 16');
  svg.setAttribute('width', '14');
  svg.setAttribute('height', '14');
  svg.setAttribute('aria-hidden', 'true');
  const path = document.createElementNS(ns, 'path');
  path.setAttribute('d', active ? 'M6 1v5H1M10 1v5h5M6 15v-5H1M10 15v-5h5' : 'M1 6V1h5M15 6V1h-5M1 10v5h5M15 10v5h-5');
  path.setAttribute('fill', 'none');
  path.setAttribute('stroke', 'currentColor');
  path.setAttribute('stroke-width', '2');
  svg.append(path);
  const span = document.createElement('span');
  span.append(svg);
  return span;
}

export interface LocationMapProps {
  readonly latitude: number;
  readonly longitude: number;
  /** The marker was dragged (or the map clicked) to a new position. */
  readonly onMove: (latitude: number, longitude: number) => void;
}

export function LocationMap({ latitude, longitude, onMove }: LocationMapProps) {
  const { t } = useTranslation('project');
  const target = useRef<HTMLDivElement>(null);
  const parts = useRef<{ map: OlMap; marker: Feature<Point> } | undefined>(undefined);
  const onMoveRef = useRef(onMove);
  const initial = useRef({ latitude, longitude });
  initial.current = { latitude, longitude };
  onMoveRef.current = onMove;

  useEffect(() => {
    if (target.current === null) return;
    const { latitude, longitude } = initial.current;
    const marker = new Feature(new Point(fromLonLat([longitude, latitude])));
    marker.setStyle(
      new Style({
        image: new Circle({ radius: 9, fill: new Fill({ color: '#0b5a8a' }), stroke: new Stroke({ color: '#ffffff', width: 3 }) }),
      }),
    );
    const map = new OlMap({
      target: target.current,
      layers: [
        new TileLayer({ source: new XYZ({ url: config.tileUrl, attributions: config.tileAttribution, crossOrigin: 'anonymous' }) }),
        new VectorLayer({ source: new VectorSource({ features: [marker] }) }),
      ],
      view: new View({ center: fromLonLat([longitude, latitude]), zoom: MAP_DEFAULT_ZOOM }),
      controls: defaultControls({
        zoomOptions: { zoomInTipLabel: t('map.zoomIn'), zoomOutTipLabel: t('map.zoomOut') },
        attributionOptions: { tipLabel: t('map.attribution') },
      }).extend([new FullScreen({ tipLabel: t('map.fullScreen'), label: fullScreenIcon(false), labelActive: fullScreenIcon(true) })]),
    });
    const drag = new Translate({ layers: (layer) => layer instanceof VectorLayer });
    drag.on('translateend', () => {
      const coordinate = marker.getGeometry()?.getCoordinates();
      if (coordinate === undefined) return;
      const [lon, lat] = toLonLat(coordinate);
      if (lat !== undefined && lon !== undefined) onMoveRef.current(lat, lon);
    });
    map.addInteraction(drag);
    map.on('singleclick', (event) => {
      if (map.hasFeatureAtPixel(event.pixel)) return;
      marker.getGeometry()?.setCoordinates(event.coordinate);
      const [lon, lat] = toLonLat(event.coordinate);
      if (lat !== undefined && lon !== undefined) onMoveRef.current(lat, lon);
    });
    parts.current = { map, marker };
    return () => {
      map.setTarget(undefined);
      parts.current = undefined;
    };
  }, [t]);

  useEffect(() => {
    const current = parts.current;
    if (current === undefined || !Number.isFinite(latitude) || !Number.isFinite(longitude)) return;
    const coordinate = fromLonLat([longitude, latitude]);
    const geometry = current.marker.getGeometry();
    const [x, y] = geometry?.getCoordinates() ?? [];
    if (x !== undefined && y !== undefined && Math.abs(x - (coordinate[0] ?? 0)) < 0.01 && Math.abs(y - (coordinate[1] ?? 0)) < 0.01) return;
    geometry?.setCoordinates(coordinate);
    current.map.getView().setCenter(coordinate);
  }, [latitude, longitude]);

  return <div ref={target} className="rp-project__map" role="group" aria-label={t('map.label')} data-testid="project-map" />;
}
