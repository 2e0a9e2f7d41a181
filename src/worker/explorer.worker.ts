import { expose } from 'comlink';
import { createExplorerApi } from './api.ts';

expose(createExplorerApi());
