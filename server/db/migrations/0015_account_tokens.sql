-- A customer's API tokens go with its account: whoever deletes the account (REST, an admin's tablet
-- through the sync push, SQL), its tokens are deleted in the same transaction, so its ERP gets 401.
-- Tokens of accounts deleted before this migration go now.
CREATE OR REPLACE FUNCTION account_revoke_tokens() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.deleted_at IS NOT NULL AND OLD.deleted_at IS NULL THEN
    DELETE FROM auth_token WHERE account_id = NEW.id;
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER accounts_revoke_tokens AFTER UPDATE OF deleted_at ON accounts
  FOR EACH ROW EXECUTE FUNCTION account_revoke_tokens();

DELETE FROM auth_token t USING accounts a WHERE a.id = t.account_id AND a.deleted_at IS NOT NULL;
DELETE FROM auth_token t WHERE t.account_id IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM accounts a WHERE a.id = t.account_id);
CREATE INDEX auth_token_account_idx ON auth_token (account_id);
