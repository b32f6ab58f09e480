import type { Group, StoredFile } from '@medenglish/shared';

/** SPEC §2 /elearning/resources: "downloadable pdf, ppt or video resources". */
export type ResourceKind = 'pdf' | 'presentation' | 'video' | 'other';

const kinds: Record<string, ResourceKind> = {
  pdf: 'pdf',
  ppt: 'presentation',
  pptx: 'presentation',
  mp4: 'video',
  webm: 'video',
};

/** The kind of a resource from its file name's extension. */
export function resourceKind(fileName: string): ResourceKind {
  const dot = fileName.lastIndexOf('.');
  return (dot >= 0 && kinds[fileName.slice(dot + 1).toLowerCase()]) || 'other';
}

export interface ResourceItem {
  file: StoredFile;
  title: string;
  thumbnail: string | null;
  kind: ResourceKind;
}

type Resources = Group['elearning']['elearningResources'];

/**
 * The stored files of the group, titled and illustrated by the group's elearningResources entry
 * whose `filename` is the file's name (SPEC §3 Group); a file without one shows its name.
 */
export function resourceItems(files: readonly StoredFile[], resources: Resources): ResourceItem[] {
  return files.map((file) => {
    const meta = resources.find((r) => r.filename === file.name);
    return {
      file,
      title: meta?.title || file.name,
      thumbnail: meta?.thumbnail ?? null,
      kind: resourceKind(file.name),
    };
  });
}
