// The user settings `npm start` gives the workbench (test/harness/start.mjs), beside the quiet
// defaults of codeserver.mjs: what a newcomer sees first is the workspace's README (the sample's
// tour), rendered.
export const START_SETTINGS = { 'workbench.startupEditor': 'readme' };
