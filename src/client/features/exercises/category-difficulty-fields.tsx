// The category and difficulty choices over a list of exercises (the admin's library, the teacher's
// premade picker); "" in either means all of them.
import { SelectField } from "@/client/components/ui/select-field.tsx";
import { EXERCISE_DIFFICULTIES, type ExerciseDifficulty } from "@/shared/api/exercise-file.ts";

export type CategoryDifficulty = { category: string; difficulty: "" | ExerciseDifficulty };

export function CategoryDifficultyFields<F extends CategoryDifficulty>({
  categories,
  filter,
  onChange,
}: {
  categories: { id: string; name: string }[];
  filter: F;
  onChange: (next: F) => void;
}) {
  return (
    <>
      <SelectField
        label="Category"
        value={filter.category}
        onChange={(e) => onChange({ ...filter, category: e.target.value })}
      >
        <option value="">All categories</option>
        {categories.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Difficulty"
        value={filter.difficulty}
        onChange={(e) => onChange({ ...filter, difficulty: e.target.value as F["difficulty"] })}
      >
        <option value="">Any difficulty</option>
        {EXERCISE_DIFFICULTIES.map((d) => (
          <option key={d} value={d}>
            {d[0].toUpperCase() + d.slice(1)}
          </option>
        ))}
      </SelectField>
    </>
  );
}
