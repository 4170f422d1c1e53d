"""Detection sources: identifier recognisers and the model-free detector."""
