-- Checkout's placing statement (issue 27, orders/order-statements.ts `placeLines`) writes the
-- order, its lines and its e-mail first and locks the parts last, so the hot parts' row locks are
-- held only for the stock's check and update and the commit. When the check fails, the statement
-- must place nothing: this function is called with the verdict and raises (SQLSTATE 99P27, which
-- order-machine.ts reads as "refused") to roll the whole statement back. VOLATILE: the planner
-- never evaluates it ahead of time.
CREATE OR REPLACE FUNCTION "placing_allowed"(ok boolean) RETURNS boolean
  LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  IF ok IS NOT TRUE THEN
    RAISE EXCEPTION 'placing refused' USING ERRCODE = '99P27';
  END IF;
  RETURN true;
END $$;
