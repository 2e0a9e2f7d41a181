// Every test sees the registry as the app and the worker do: every method and step module.
import '../src/worker/discover.ts';
