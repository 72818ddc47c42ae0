"""Files on disk: TOML plumbing, resources, PNG, map files and their cache, TMX, rulesets and
scenario file models."""
