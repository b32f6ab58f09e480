import path from 'node:path';

/**
 * The content files of apps/server/src/demo, found from the sources and from the built dist
 * alike (both sit two folders below apps/server).
 */
const serverRoot = path.resolve(import.meta.dirname, '../..');
export const demoContentDir = path.join(serverRoot, 'src', 'demo');
export const placementContentDir = path.join(demoContentDir, 'placement');
export const tutorialContentDir = path.join(demoContentDir, 'tutorial');
export const examPoolsDir = path.join(demoContentDir, 'exams');
export const glossaryWordsFile = path.join(demoContentDir, 'glossary', 'words.json');
export const videosContentDir = path.join(demoContentDir, 'videos');
export const helpContentDir = path.join(demoContentDir, 'help');
export const learningLinksContentDir = path.join(demoContentDir, 'learning-links');
