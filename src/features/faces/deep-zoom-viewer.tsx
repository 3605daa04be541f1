import OpenSeadragon from 'openseadragon';
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import { TILE_FORMAT, TILE_OVERLAP, TILE_SIZE, type Face, type FaceBox } from '../../domain/faces';
import { faceAt, keyAction, medianBoxWidth } from './picture-geometry';
import { restWhenStill, type FrameApi } from './rest-when-still';
import { tileAddress, tileHeaders } from '../../firebase/faces';
import { m } from '../../paraglide/messages.js';

export interface DeepZoomHandle {
  /** Flies the view to a face's box, with room around it. */
  flyTo(box: FaceBox): void;
  zoom(direction: 'in' | 'out'): void;
  /** The whole picture. */
  home(): void;
}

interface Props {
  fileId: string;
  width: number;
  height: number;
  faces: readonly Face[];
  selected: number | undefined;
  /** A tap or click on the picture, where (fractions of its width and height), and the face there if any. */
  onPick: (point: { x: number; y: number }, face: Face | undefined) => void;
  onTileError?: () => void;
  /** The face to show when the picture opens (a link to it: #face-12), instead of the whole picture. */
  startAt?: FaceBox;
}

/**
 * The picture's Deep Zoom tiles in OpenSeadragon: only the tiles of the detail in view are fetched, each with the
 * account's ID token in an Authorization header (storage.rules checks every one; never a `?token=` address), at most
 * a few at a time, and at most MAX_TILES_KEPT decoded tiles are kept, so memory stays bounded however long one zooms
 * around. Pinch, wheel, drag and double tap zoom and pan; the focused picture takes +, -, the arrows and 0 (OpenSeadragon's
 * own keys). The faces' boxes are drawn over it with their numbers; they are not controls (the list of faces is
 * the way to them by keyboard and screen reader).
 */
export const DeepZoomViewer = forwardRef<DeepZoomHandle, Props>(function DeepZoomViewer(
  { fileId, width, height, faces, selected, onPick, onTileError, startAt },
  ref,
) {
  const element = useRef<HTMLDivElement>(null);
  const viewer = useRef<OpenSeadragon.Viewer | null>(null);
  const callbacks = useRef({ onPick, onTileError, faces, startAt });
  callbacks.current = { onPick, onTileError, faces, startAt };

  useEffect(() => {
    const source = new OpenSeadragon.DziTileSource(width, height, TILE_SIZE, TILE_OVERLAP, '', TILE_FORMAT);
    source.getTileUrl = (level: number, column: number, row: number) =>
      tileAddress(fileId, level, column, row);
    // fetch() with a fresh ID token for each tile (Firebase renews it when due) and a real abort.
    source.downloadTileStart = (context: OpenSeadragon.ImageJob) => {
      const controller = new AbortController();
      context.userData.controller = controller;
      tileHeaders()
        .then((headers) => fetch(context.src, { headers, signal: controller.signal }))
        .then((response) => (response.ok ? response.blob() : Promise.reject(new Error(`${response.status}`))))
        .then(
          (blob) => context.finish(blob, null, 'rasterBlob'),
          (error: unknown) => {
            if (controller.signal.aborted) return;
            callbacks.current.onTileError?.();
            context.fail(`Tile not loaded: ${String(error)}`, null);
          },
        );
    };
    source.downloadTileAbort = (context: OpenSeadragon.ImageJob) => {
      (context.userData.controller as AbortController | undefined)?.abort();
    };

    const instance = OpenSeadragon({
      element: element.current!,
      // A TileSource instance is accepted (the types only list options and addresses).
      tileSources: source as unknown as OpenSeadragon.TileSourceOptions,
      drawer: 'canvas',
      showNavigationControl: false,
      imageLoaderLimit: MAX_TILE_REQUESTS,
      maxImageCacheCount: MAX_TILES_KEPT,
      visibilityRatio: 1,
      constrainDuringPan: true,
      maxZoomPixelRatio: 2,
      minZoomImageRatio: 1,
      gestureSettingsMouse: { clickToZoom: false, dblClickToZoom: true },
      gestureSettingsTouch: { dblClickToZoom: true, pinchRotate: false },
      springStiffness: 8,
    });
    viewer.current = instance;
    // Its update loop sleeps while the picture is still (a phone's battery), and wakes on anything that moves it.
    const stopResting = restWhenStill(instance, OpenSeadragon as unknown as FrameApi);
    instance.canvas.setAttribute('aria-label', m.faces_viewer_label());
    instance.canvas.setAttribute('role', 'application');
    instance.canvas.setAttribute('aria-roledescription', m.faces_viewer_role());

    // Numbers only where there is room for them: at the whole picture of a crowd they would hide the faces.
    const typicalBox = medianBoxWidth(callbacks.current.faces);
    const showNumbers = () => {
      const onScreen = instance.viewport.deltaPixelsFromPoints(
        new OpenSeadragon.Point(typicalBox, 0),
        true,
      ).x;
      element.current?.classList.toggle('deep-zoom-crowded', onScreen < 28);
    };
    instance.addHandler('animation', showNumbers);
    instance.addHandler('open', showNumbers);
    instance.addOnceHandler('open', () => {
      const box = callbacks.current.startAt;
      if (box) instance.viewport.fitBoundsWithConstraints(roomAround(box, width, height), true);
    });
    instance.addHandler('resize', showNumbers);

    // The keys by what they type, not where they sit (OpenSeadragon's own go by position: on a Norwegian keyboard
    // its "+" would zoom out), and none of its others (r turns the picture, f mirrors it).
    instance.addHandler('canvas-key', (event) => {
      event.preventDefaultAction = true;
      const key = event.originalEvent as KeyboardEvent;
      if (key.ctrlKey || key.altKey || key.metaKey) return;
      const action = keyAction(key.key);
      if (!action) return;
      key.preventDefault();
      const viewport = instance.viewport;
      if (action === 'in' || action === 'out') return zoomView(viewport, action);
      const bounds = viewport.getBounds();
      if (action === 'home') viewport.goHome();
      else
        viewport.panBy(
          new OpenSeadragon.Point(action[0] * bounds.width * PAN_STEP, action[1] * bounds.height * PAN_STEP),
        );
      viewport.applyConstraints();
    });

    instance.addHandler('canvas-click', (event) => {
      if (!event.quick) return;
      const point = instance.viewport.viewerElementToImageCoordinates(event.position);
      const at = { x: point.x / width, y: point.y / height };
      if (at.x < 0 || at.x > 1 || at.y < 0 || at.y > 1) return;
      callbacks.current.onPick(at, faceAt(callbacks.current.faces, at.x, at.y));
    });
    // The whole picture is drawn (every tile of the view at the first zoom is in): marked on the element for the
    // browser tests and the benchmark.
    instance.world.addOnceHandler('add-item', (added) => {
      const whenShown = (event: { fullyLoaded: boolean }) => {
        if (!event.fullyLoaded) return;
        added.item.removeHandler('fully-loaded-change', whenShown);
        element.current?.setAttribute('data-picture-shown', '');
      };
      added.item.addHandler('fully-loaded-change', whenShown);
    });
    return () => {
      instance.destroy();
      stopResting();
      viewer.current = null;
    };
  }, [fileId, width, height]);

  // The boxes, drawn again when the faces change (a marker placed, a name accepted) or another is selected.
  useEffect(() => {
    const instance = viewer.current;
    if (!instance) return;
    instance.clearOverlays();
    const aspect = height / width;
    for (const face of faces) {
      if (!face.box) continue;
      const box = document.createElement('div');
      box.className = `face-box${face.number === selected ? ' face-box-selected' : ''}${face.name ? '' : ' face-box-unnamed'}`;
      box.setAttribute('aria-hidden', 'true');
      const number = document.createElement('span');
      number.className = 'face-box-number';
      number.textContent = String(face.number);
      box.append(number);
      instance.addOverlay({
        element: box,
        location: new OpenSeadragon.Rect(
          face.box.x,
          face.box.y * aspect,
          face.box.width,
          face.box.height * aspect,
        ),
      });
    }
  }, [faces, selected, width, height]);

  useImperativeHandle(
    ref,
    () => ({
      flyTo(box) {
        viewer.current?.viewport.fitBoundsWithConstraints(roomAround(box, width, height));
      },
      zoom(direction) {
        if (viewer.current) zoomView(viewer.current.viewport, direction);
      },
      home() {
        viewer.current?.viewport.goHome();
      },
    }),
    [width, height],
  );

  return (
    <div
      ref={element}
      className="deep-zoom-viewer deep-zoom-crowded"
      // The picture's own shape, so that it fills the frame at first (the height is capped by the stylesheet).
      style={{ aspectRatio: `${width} / ${height}` }}
    />
  );
});

/** Twice the face's size each way: the face at about half the view, a little of its neighbours around it. */
function roomAround(box: FaceBox, width: number, height: number): OpenSeadragon.Rect {
  const aspect = height / width;
  const room = Math.max(box.width, box.height * aspect);
  return new OpenSeadragon.Rect(
    box.x + box.width / 2 - room,
    (box.y + box.height / 2) * aspect - room,
    room * 2,
    room * 2,
  );
}

const ZOOM_STEP = 1.5;

/** One step in or out, by a key or a button, kept within the picture. */
function zoomView(viewport: OpenSeadragon.Viewport, direction: 'in' | 'out'): void {
  viewport.zoomBy(direction === 'in' ? ZOOM_STEP : 1 / ZOOM_STEP);
  viewport.applyConstraints();
}
/** An arrow key moves the view by this part of what is in view. */
const PAN_STEP = 0.2;

/** Tiles fetched at once: enough to fill a phone's screen quickly without queueing the whole level. */
const MAX_TILE_REQUESTS = 6;
/** Decoded tiles kept (each 256 x 256 px, about 256 KiB): the memory bound while zooming around. */
const MAX_TILES_KEPT = 120;
