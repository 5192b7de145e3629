import { runHttpCheck } from '../http-check.js';
import type { CheckRunner } from './contract.js';

/** An HTTP(S) check of the job's `url`, with its request options and assertions (http-check.ts). */
export const checkHttp: CheckRunner<'http'> = (job, _target, { region, allowLoopback }) => runHttpCheck({ ...job, region }, { allowLoopback });
