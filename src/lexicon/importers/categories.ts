/** Coarse categories for imported concepts, from their UMLS semantic type. */
import { CATEGORIES, type Category } from '../../core/contract.ts';
import table from './semantic-type-categories.json' with { type: 'json' };

const BY_SEMANTIC_TYPE = new Map<string, Category>();
for (const [semanticType, category] of Object.entries(table)) {
  if (semanticType !== '//' && (CATEGORIES as readonly string[]).includes(category))
    BY_SEMANTIC_TYPE.set(semanticType, category as Category);
}

export function categoryForSemanticType(semanticType: string): Category | undefined {
  return BY_SEMANTIC_TYPE.get(semanticType);
}
