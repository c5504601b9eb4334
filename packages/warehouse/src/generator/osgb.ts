/**
 * Latitude/longitude to British National Grid eastings and northings (Ordnance Survey transverse Mercator on the
 * Airy 1830 ellipsoid). The WGS84 -> OSGB36 datum shift (about 100 m) is ignored: grid references only need to be
 * plausible for synthetic postcode positions.
 */
const A = 6377563.396;
const B = 6356256.909;
const F0 = 0.9996012717;
const LAT0 = (49 * Math.PI) / 180;
const LON0 = (-2 * Math.PI) / 180;
const N0 = -100000;
const E0 = 400000;

export function toEastingNorthing(
  latitude: number,
  longitude: number,
): { eastings: number; northings: number } {
  const phi = (latitude * Math.PI) / 180;
  const lambda = (longitude * Math.PI) / 180;
  const e2 = 1 - (B * B) / (A * A);
  const n = (A - B) / (A + B);
  const sinPhi = Math.sin(phi);
  const cosPhi = Math.cos(phi);
  const tanPhi = Math.tan(phi);
  const nu = (A * F0) / Math.sqrt(1 - e2 * sinPhi * sinPhi);
  const rho = (A * F0 * (1 - e2)) / (1 - e2 * sinPhi * sinPhi) ** 1.5;
  const eta2 = nu / rho - 1;
  const dPhi = phi - LAT0;
  const sPhi = phi + LAT0;
  const M =
    B *
    F0 *
    ((1 + n + (5 / 4) * n ** 2 + (5 / 4) * n ** 3) * dPhi -
      (3 * n + 3 * n ** 2 + (21 / 8) * n ** 3) * Math.sin(dPhi) * Math.cos(sPhi) +
      ((15 / 8) * n ** 2 + (15 / 8) * n ** 3) * Math.sin(2 * dPhi) * Math.cos(2 * sPhi) -
      (35 / 24) * n ** 3 * Math.sin(3 * dPhi) * Math.cos(3 * sPhi));
  const I = M + N0;
  const II = (nu / 2) * sinPhi * cosPhi;
  const III = (nu / 24) * sinPhi * cosPhi ** 3 * (5 - tanPhi ** 2 + 9 * eta2);
  const IIIA = (nu / 720) * sinPhi * cosPhi ** 5 * (61 - 58 * tanPhi ** 2 + tanPhi ** 4);
  const IV = nu * cosPhi;
  const V = (nu / 6) * cosPhi ** 3 * (nu / rho - tanPhi ** 2);
  const VI =
    (nu / 120) * cosPhi ** 5 * (5 - 18 * tanPhi ** 2 + tanPhi ** 4 + 14 * eta2 - 58 * tanPhi ** 2 * eta2);
  const dL = lambda - LON0;
  const northings = I + II * dL ** 2 + III * dL ** 4 + IIIA * dL ** 6;
  const eastings = E0 + IV * dL + V * dL ** 3 + VI * dL ** 5;
  return { eastings: Math.round(eastings), northings: Math.round(northings) };
}
