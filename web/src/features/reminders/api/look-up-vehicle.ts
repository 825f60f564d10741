import { useMutation } from '@tanstack/react-query';
import { API } from '#shared/routes.ts';
import { callApi } from '../../../api/client.ts';

/** 'Look up MOT and tax dates': the DVLA's dates for a registration number (nothing is stored). */
export const useLookUpVehicle = () =>
  useMutation({
    mutationFn: (registration: string) => callApi(API.lookUpVehicle, { body: { registration } }),
  });
