import { describe, expect, it } from 'vitest';
import { DEFAULT_TILE_URL } from './constants';
import { TileUrlTemplateSchema, tileCspSource } from './map-tiles';

describe('map tile templates', () => {
  it('default to OpenStreetMap and accept other servers, with or without {s} subdomains and ports', () => {
    expect(TileUrlTemplateSchema.parse(undefined)).toBe(DEFAULT_TILE_URL);
    for (const template of [
      'https://tiles.example.org/{z}/{x}/{y}.png',
      'https://{s}.tile.example.org/{z}/{x}/{y}@2x.png?key=abc',
      'http://localhost:8080/tiles/{z}/{x}/{y}.png',
    ]) {
      expect(TileUrlTemplateSchema.parse(template)).toBe(template);
    }
  });

  it('refuses what is not a tile template', () => {
    for (const template of [
      'https://tiles.example.org/map.png',
      'ftp://tiles.example.org/{z}/{x}/{y}.png',
      'https://{z}.example.org/{z}/{x}/{y}.png',
      'javascript:alert(1)//{z}{x}{y}',
    ]) {
      expect(TileUrlTemplateSchema.safeParse(template).success).toBe(false);
    }
  });

  it('gives the origin the CSP must allow, {s} as a wildcard subdomain', () => {
    expect(tileCspSource(DEFAULT_TILE_URL)).toBe('https://tile.openstreetmap.org');
    expect(tileCspSource('https://{s}.tile.example.org/{z}/{x}/{y}.png')).toBe('https://*.tile.example.org');
    expect(tileCspSource('http://localhost:8080/tiles/{z}/{x}/{y}.png')).toBe('http://localhost:8080');
  });
});
