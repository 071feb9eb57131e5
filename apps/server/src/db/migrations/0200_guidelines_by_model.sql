-- Guidelines checklists built by a model (issue 16 §3; ADR 0200). An item may now come from the AI
-- model (origin 'model', only when its text was found in the document) and be a 'content'
-- requirement (what the application must address), the model's fifth kind.
ALTER TABLE guideline_items DROP CONSTRAINT guideline_items_kind_check;
ALTER TABLE guideline_items
  ADD CONSTRAINT guideline_items_kind_check
  CHECK (kind IN ('eligibility', 'deadline', 'limit', 'format', 'must', 'should', 'content', 'other'));
ALTER TABLE guideline_items DROP CONSTRAINT guideline_items_origin_check;
ALTER TABLE guideline_items
  ADD CONSTRAINT guideline_items_origin_check CHECK (origin IN ('model', 'rules', 'user'));
