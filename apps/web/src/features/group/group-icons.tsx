import { icon } from '../../components/icons';

/** Icons of the group screen (Material icon paths, Apache 2.0). */
export const TargetIcon = icon(
  'M12 2C6.49 2 2 6.49 2 12s4.49 10 10 10 10-4.49 10-10S17.51 2 12 2m0 18c-4.41 0-8-3.59-8-8s3.59-8 8-8 8 3.59 8 8-3.59 8-8 8m3-8c0 1.66-1.34 3-3 3s-3-1.34-3-3 1.34-3 3-3 3 1.34 3 3',
  'TargetIcon',
);
