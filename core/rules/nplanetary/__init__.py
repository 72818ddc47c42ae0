"""NPlanetary: the rule system of simultaneous sealed orders on one engine (its state, orders,
combat and economy come with its issue; listed now so the contracts keep it apart)."""
