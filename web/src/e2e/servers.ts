/**
 * Local stand-ins for the external services, so browser tests need no network:
 * a blank tile server (every tile a transparent 256×256 PNG) and a tiny Nominatim-compatible
 * geocoder (`/search?q=…`, `/reverse?lat=…&lon=…`) over a fixed list of places.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deflateSync } from 'node:zlib';

export interface LocalServer {
  readonly url: string;
  close(): Promise<void>;
}

function listen(server: Server): Promise<LocalServer> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A transparent 256×256 RGBA PNG. */
export const BLANK_TILE: Buffer = (() => {
  const size = 256;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bit, RGBA
  const raw = Buffer.alloc((size * 4 + 1) * size); // filter byte 0 + transparent pixels
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
})();

/** Tile URL template for the app: `${url}/{z}/{x}/{y}.png`. */
export async function startTileServer(): Promise<LocalServer & { readonly tileUrl: string; readonly requests: string[] }> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(request.url ?? '');
    response.writeHead(200, { 'Content-Type': 'image/png', 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'no-store' });
    response.end(BLANK_TILE);
  });
  const local = await listen(server);
  return { ...local, tileUrl: `${local.url}/{z}/{x}/{y}.png`, requests };
}

export interface Place {
  readonly display_name: string;
  readonly lat: string;
  readonly lon: string;
}

/** The places the local geocoder knows (extend for your tests). */
export const PLACES: readonly Place[] = [
  { display_name: 'Marienplatz 1, Altstadt, München, Bayern, 80331, Deutschland', lat: '48.1373932', lon: '11.5754485' },
  { display_name: 'Pariser Platz 1, Mitte, Berlin, 10117, Deutschland', lat: '52.5162746', lon: '13.3777041' },
  { display_name: 'Domkloster 4, Altstadt-Nord, Köln, Nordrhein-Westfalen, 50667, Deutschland', lat: '50.9413', lon: '6.9583' },
];

/** Nominatim-compatible: GET /search (q, format=json, …) and GET /reverse (lat, lon, zoom, …). */
export async function startGeocoder(places: readonly Place[] = PLACES): Promise<LocalServer & { readonly searchUrl: string; readonly reverseUrl: string; readonly requests: URL[] }> {
  const requests: URL[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    requests.push(url);
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Access-Control-Allow-Origin': '*' });
      response.end(JSON.stringify(body));
    };
    if (url.pathname === '/search') {
      const words = (url.searchParams.get('q') ?? '').toLowerCase().split(/[\s,]+/).filter((w) => w !== '');
      return send(200, places.filter((place) => words.length > 0 && words.every((w) => place.display_name.toLowerCase().includes(w))).map((place, i) => ({ place_id: i + 1, ...place })));
    }
    if (url.pathname === '/reverse') {
      const lat = Number(url.searchParams.get('lat'));
      const lon = Number(url.searchParams.get('lon'));
      if (!Number.isFinite(lat) || !Number.isFinite(lon)) return send(400, { error: 'Unable to geocode' });
      const nearest = [...places].sort((a, b) => Math.hypot(+a.lat - lat, +a.lon - lon) - Math.hypot(+b.lat - lat, +b.lon - lon))[0];
      return send(200, nearest === undefined ? { error: 'Unable to geocode' } : { place_id: 1, ...nearest });
    }
    send(404, { error: 'not found' });
  });
  const local = await listen(server);
  return { ...local, searchUrl: `${local.url}/search`, reverseUrl: `${local.url}/reverse`, requests };
}
