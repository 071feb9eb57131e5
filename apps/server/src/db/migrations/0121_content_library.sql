-- Content library (issue 16 §4; ADR 0116). title, text, tags and a use's section are sealed
-- (ADR 0084), so search runs in the service over the owner's opened rows.
CREATE TABLE library_blocks (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id),
  title text NOT NULL,
  text text NOT NULL,
  category text NOT NULL DEFAULT 'other'
    CHECK (category IN ('team_bio', 'institution', 'facilities', 'edi', 'data_management', 'other')),
  tags jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX library_blocks_owner_idx ON library_blocks (user_id, updated_at DESC);

-- Where a block was inserted: one row per (block, application, section), its time refreshed on reuse.
CREATE TABLE library_block_uses (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  block_id uuid NOT NULL REFERENCES library_blocks(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id),
  application_id uuid NOT NULL,
  section text NOT NULL,
  used_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX library_block_uses_block_idx ON library_block_uses (block_id, used_at DESC);
