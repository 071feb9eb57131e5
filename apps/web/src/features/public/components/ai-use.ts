/**
 * Which features use an AI model, said plainly (issue 18 item 9). It must match the server: the
 * generation, analysis, idea and funding jobs call the configured provider and fall back to the
 * built-in rules engine (apps/server/src/ai/model/, modules/ideas, modules/funding/funding-ai.ts).
 */
export const AI_USE_STATEMENT =
  'When the service has an AI model configured, the model is used in four places: Generate Grant Application (it writes the draft), Analyze Existing Grant (it scores the application and writes the reasons), the Idea Generator (it writes the ideas) and the Funding Finder (it reorders the best catalogue matches and explains each). The checks against the program’s published requirements (required sections, word and page limits, budget arithmetic) run on our own servers without a model, and without a configured model every feature runs that way. Each result says whether an AI model was used.';
