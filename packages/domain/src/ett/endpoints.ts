import { z } from 'zod';
import {
  AbbIdTypesResponse,
  EttArm,
  EttArmsQuery,
  EttChangedResponse,
  EttEvaluationCode,
  EttProjectQuery,
  KnuckleFlat,
  SaveArmEditsBody,
  SaveArmEditsQuery,
  SaveArmEditsResponse,
  UpdateAbbTypesBody,
  UpdateImageTypeBody,
  UpdateImageTypeQuery,
} from '../api/ett.ts';
import { defineEndpoint } from '../http/endpoint.ts';

/** The ett calls (the server's ett routes and the web's calls to them). */
export const ettEndpoints = {
  arms: defineEndpoint({
    method: 'GET',
    path: '/inspections/ett/arms',
    query: EttArmsQuery,
    response: z.array(EttArm),
  }),
  evaluationCodes: defineEndpoint({
    method: 'GET',
    path: '/inspections/ett/evaluationCodes',
    query: EttProjectQuery,
    response: z.array(EttEvaluationCode),
  }),
  knuckleFlats: defineEndpoint({
    method: 'GET',
    path: '/inspections/ett/knuckleFlats',
    query: EttProjectQuery,
    response: z.array(KnuckleFlat),
  }),
  saveArmEdits: defineEndpoint({
    method: 'POST',
    path: '/inspections/ett/saveArmEdits',
    query: SaveArmEditsQuery,
    body: SaveArmEditsBody,
    response: SaveArmEditsResponse,
  }),
  updateImageType: defineEndpoint({
    method: 'POST',
    path: '/inspections/ett/updateImageType',
    query: UpdateImageTypeQuery,
    body: UpdateImageTypeBody,
    response: EttChangedResponse,
  }),
  abbIdTypes: defineEndpoint({
    method: 'GET',
    path: '/inspections/abb/abb-id-types',
    response: AbbIdTypesResponse,
  }),
  updateAbbTypes: defineEndpoint({
    method: 'POST',
    path: '/inspections/abb/updateAbbTypes',
    body: UpdateAbbTypesBody,
    response: EttChangedResponse,
  }),
};
