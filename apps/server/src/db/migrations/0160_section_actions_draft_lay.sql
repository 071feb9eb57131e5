-- Issue 16 §5 (ADR 0140): two more AI actions on a section, "Draft this section" and "Rewrite as a
-- lay summary". A draft is written from more than the section itself (the template's guidance, the
-- application's other sections, the user's own library blocks); what it was given is kept with the
-- suggestion, sealed by the app like the section's text (ADR 84).
ALTER TABLE section_suggestions DROP CONSTRAINT section_suggestions_action_check;
ALTER TABLE section_suggestions
  ADD CONSTRAINT section_suggestions_action_check
  CHECK (action IN ('shorten', 'improve', 'draft', 'lay_summary'));
ALTER TABLE section_suggestions ADD COLUMN context text;
