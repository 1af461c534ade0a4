/** The SVG arcs of one block, drawn from its measured layout. */
import { memo } from 'react';
import { arcPath, arcTop, labelBox, type ArcGeometry, type ArcSegment } from './arcs.ts';
import type { Link } from './marks.ts';

export const baseKey = (segmentKey: string): string => segmentKey.split('#')[0] as string;

export const ArcLayer = memo(function ArcLayer({
  segments,
  linksByKey,
  geometry,
  width,
  height,
}: {
  segments: readonly ArcSegment[];
  linksByKey: ReadonlyMap<string, Link>;
  geometry: ArcGeometry;
  width: number;
  height: number;
}) {
  return (
    <svg className="arcs" width={width} height={height} aria-hidden="true">
      {segments.map((s) => {
        const link = linksByKey.get(baseKey(s.key));
        // A merged segment stands for several links: each one's key, so highlighting any finds it.
        const keys = [link?.key, ...(s.merged ?? []).map((k) => linksByKey.get(baseKey(k))?.key)].filter(Boolean).join(' ');
        const y = arcTop(s, geometry);
        const box = labelBox(s, geometry);
        return (
          <g
            key={s.key}
            className={`arc arc-${link?.kind ?? 'relation'}`}
            data-link={keys || undefined}
            data-open={s.open === 'none' ? undefined : s.open}
          >
            <path
              d={arcPath(s, geometry)}
              fill="none"
              stroke="currentColor"
              {...(s.arrow === 'x2' ? { markerEnd: 'url(#glosa-arrow)' } : s.arrow === 'x1' ? { markerStart: 'url(#glosa-arrow)' } : {})}
            />
            <rect x={box.left} y={box.top} width={box.right - box.left} height={box.bottom - box.top} rx={3} className="arc-label-bg" />
            <text x={s.labelX} y={y + 3} textAnchor="middle" className="arc-label">
              {s.label}
            </text>
          </g>
        );
      })}
    </svg>
  );
});
