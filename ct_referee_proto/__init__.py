"""Generated code of the ct_referee.v1 contract (scripts/gen_proto.py)."""
