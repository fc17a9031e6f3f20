#pragma once

#include <string>
#include <vector>

#include "classifier.h"

// Catalogue CSV: per galaxy its coarse class and the 37 cumulative vote fractions.
void write_catalogue(const std::vector<GalaxyRecord>& records, const DecisionTree& tree,
                     const std::string& path);

// Embeddings for the similarity index: int64 count, int64 dim, then per galaxy
// int64 objid and dim float32.
void write_embeddings(const std::vector<GalaxyRecord>& records, const std::string& path);
