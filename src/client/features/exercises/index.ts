// What other features use of the exercise library's pages: the category and difficulty filter.
export { type CategoryDifficulty, CategoryDifficultyFields } from "./category-difficulty-fields.tsx";
