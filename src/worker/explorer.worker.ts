import { expose } from 'comlink';
import { createExplorerApi } from './api.ts';
import './discover.ts';

expose(createExplorerApi());
