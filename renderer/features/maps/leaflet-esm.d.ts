// Leaflet's ES module build (./leaflet.ts) has the API @types/leaflet describes.
declare module "leaflet/dist/leaflet-src.esm.js" {
  export * from "leaflet";
}
