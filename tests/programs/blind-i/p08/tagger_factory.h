#pragma once

#include "config.h"
#include "dataset_stats.h"
#include "jet_net.h"

DeepSets build_tagger(const Config& cfg, const DatasetStats& stats);
