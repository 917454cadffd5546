/** The Electron-free core: what the shells and tests import. */
export { createCoreApp, type CoreAppOptions, type CoreAppWithServices } from './app';
export type { CallContext, CoreApp, EventListener } from './app-types';
export type { Ports, SettingsStore, SecretVault, Clock, Notifier, Dialogs, Logger, EmulatorLaunch } from './ports';
export type { CoreOptions, CoreServices, Endpoints } from './services';
export type { Handler, Handlers, HandlerFactory } from './handlers';
export type { EmulatorStartupLine, EmulatorAccount } from './emulator-runner/startup-line';
export { emulatorStartupLineSchema } from './emulator-runner/startup-line';
export { createNodePorts, type NodePortsOptions } from './node-ports';
export { ConfSettingsStore, FileSecretVault, createNodeLogger, createSystemClock } from './node-ports';
export { createMtlsAgent, createProfileAgent, type ClientCredentials } from './http/agents';
export type { HttpClient, HttpRequest, HttpResponse, StreamResponse } from './http/client';
export { redact, redactText, redactingLogger } from './logging/redact';
export { acquireInstanceLock, AlreadyRunningError, type InstanceLock } from './instance-lock/instance-lock';
