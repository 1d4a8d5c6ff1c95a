// Generated drone photos live with the demo data (which uses them too); tests import them from here.
export * from '../seed/dronePhotos.ts';
